import { randomBytes } from 'node:crypto';
import { open, readdir, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { UploadBytes, UploadRow, UploadsRepo } from '../types.js';
import type { Access } from './access.js';
import { ensureDir, FILE_MODE, fsyncDir, hasErrorCode, removeFile, writeFully } from './fs-durable.js';
import { listed, tableRepo } from './table-repo.js';
import { GroupIndex, Table } from './table.js';

/* Uploaded images (issue 31 §3): rows in the document, bytes as files in `<data>/uploads/<id>`. */

export function uploadIndexes() {
  return { uploadsByUser: new GroupIndex<UploadRow>((u) => u.userId) };
}

type UploadIndexes = ReturnType<typeof uploadIndexes>;

export function uploadTables(i: UploadIndexes) {
  return { uploads: new Table<UploadRow>('uploads', [], [i.uploadsByUser]) };
}

/** `/uploads/<id>` in a text (a Markdown image or link, relative or absolute). */
const UPLOAD_REFERENCE = /\/uploads\/([0-9a-f]{64})/g;

const byAge = (a: UploadRow, b: UploadRow) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export function uploadsRepo(access: Access): UploadsRepo {
  return {
    ...tableRepo(access, 'uploads'),
    listCreatedBefore: (time, limit) =>
      access.read((db) =>
        db.tables.uploads
          .all()
          .filter((u) => u.createdAt < time)
          .sort(byAge)
          .slice(0, limit),
      ),
    usedIds: () =>
      access.read((db) => {
        const used = new Set<string>();
        const scan = (text: string | null) => {
          if (text === null || !text.includes('/uploads/')) return;
          for (const match of text.matchAll(UPLOAD_REFERENCE)) used.add(match[1]!);
        };
        for (const post of db.tables.posts.all()) scan(post.contentMarkdown);
        for (const merge of db.tables.postMerges.all()) scan(merge.post.contentMarkdown);
        for (const comment of db.tables.comments.all()) scan(comment.body);
        for (const entry of db.tables.changelogEntries.all()) scan(entry.contentMarkdown);
        // A user's avatar (issue 28) is in use as long as it is theirs.
        for (const user of db.tables.users.all()) if (user.avatarUploadId !== undefined) used.add(user.avatarUploadId);
        return used;
      }),
    sizeByUserSince: (userId, time) =>
      access.read((db) => listed(db.indexes.uploadsByUser.group(userId)).reduce((sum, u) => (u.createdAt >= time ? sum + u.size : sum), 0)),
  };
}

/** An upload's id: the sha256 hex of its bytes. Anything else never names a file. */
const UPLOAD_ID = /^[0-9a-f]{64}$/;

/** The bytes of uploads as files of `<dataDir>/uploads`, each written to a temporary file, fsync'd and renamed. */
export function uploadFiles(dataDir: string): UploadBytes {
  const dir = join(dataDir, 'uploads');
  const pathOf = (id: string) => {
    if (!UPLOAD_ID.test(id)) throw new Error(`not an upload id: ${JSON.stringify(id)}`);
    return join(dir, id);
  };
  return {
    async write(id, bytes) {
      const path = pathOf(id);
      await ensureDir(dir);
      const temp = join(dir, `.${id}.${randomBytes(6).toString('hex')}.tmp`);
      try {
        const handle = await open(temp, 'wx', FILE_MODE);
        try {
          await writeFully(handle, bytes);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temp, path);
      } catch (error) {
        await removeFile(temp).catch(() => undefined);
        throw error;
      }
      await fsyncDir(dir);
    },
    async read(id) {
      if (!UPLOAD_ID.test(id)) return undefined;
      try {
        return await readFile(pathOf(id));
      } catch (error) {
        if (hasErrorCode(error, 'ENOENT')) return undefined;
        throw error;
      }
    },
    async remove(id) {
      await removeFile(pathOf(id));
      await fsyncDir(dir).catch((error: unknown) => {
        if (!hasErrorCode(error, 'ENOENT')) throw error;
      });
    },
    async ids() {
      try {
        return (await readdir(dir)).filter((name) => UPLOAD_ID.test(name));
      } catch (error) {
        if (hasErrorCode(error, 'ENOENT')) return [];
        throw error;
      }
    },
  };
}
