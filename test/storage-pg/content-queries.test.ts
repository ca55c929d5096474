import { randomUUID } from 'node:crypto';
import test from 'ava';
import type { BoardRow, PostQuery, PostRow, VoteRow } from '../../src/storage/types.js';
import { at, boardRow, postRow, roadmapRow, voteRow } from '../storage/_rows.js';
import { fresh } from './_content.js';
import { pgTests } from './_pg.js';

/** Ids starting with `letter`, so ties on createdAt have a known id order. */
function idStarting(letter: string): string {
  return `${letter}${randomUUID().slice(1)}`;
}

/** What a post query must answer, computed the slow and obvious way. */
function expected(posts: PostRow[], boards: BoardRow[], query: PostQuery): string[] {
  const hidden = new Set(boards.filter((b) => !b.display).map((b) => b.id));
  const sign = query.direction === 'asc' ? 1 : -1;
  return posts
    .filter((p) => query.boardIds === undefined || (p.boardId !== null && query.boardIds.includes(p.boardId)))
    .filter((p) => query.roadmapId === undefined || p.roadmapId === query.roadmapId)
    .filter((p) => !query.visibleBoardsOnly || p.boardId === null || !hidden.has(p.boardId))
    .sort((a, b) => sign * (a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1))
    .slice(query.offset, query.offset + query.limit)
    .map((p) => p.id);
}

pgTests((url) => {
  test('posts.query orders by createdAt then id both ways, with offset, limit and every filter', async (t) => {
    const s = await fresh(t, url);
    const user = await s.addUser();
    const shown = await s.boards.insert(boardRow());
    const hidden = await s.boards.insert(boardRow({ display: false }));
    const roadmap = await s.roadmaps.insert(roadmapRow());
    const boards = [shown, hidden];
    const posts: PostRow[] = [];
    const letters = 'abcdef';
    for (let n = 0; n < 18; n++) {
      const post = postRow(user, {
        id: idStarting(letters[n % letters.length]!),
        createdAt: at(n % 4),
        boardId: [shown.id, hidden.id, null][n % 3]!,
        roadmapId: n % 2 === 0 ? roadmap.id : null,
      });
      posts.push(await s.posts.insert(post));
    }
    const queries: PostQuery[] = [];
    for (const direction of ['asc', 'desc'] as const) {
      for (const visibleBoardsOnly of [false, true]) {
        for (const boardIds of [undefined, [], [shown.id], [hidden.id, shown.id, shown.id]]) {
          for (const roadmapId of [undefined, roadmap.id, randomUUID()]) {
            for (const [offset, limit] of [
              [0, 100],
              [2, 3],
              [7, 1],
              [50, 5],
              [0, 0],
            ] as const) {
              queries.push({
                direction,
                visibleBoardsOnly,
                boardIds,
                roadmapId,
                offset,
                limit,
              });
            }
          }
        }
      }
    }
    for (const query of queries) {
      const got = (await s.posts.query(query)).map((p) => p.id);
      t.deepEqual(got, expected(posts, boards, query), JSON.stringify(query));
    }
    t.deepEqual(await s.posts.get(posts[0]!.id), posts[0]);
  });

  test('posts: counts per board and user include zeros; listByUser is oldest first; clearBoard and clearRoadmap keep updatedAt', async (t) => {
    const s = await fresh(t, url);
    const [alice, bob] = [await s.addUser(), await s.addUser()];
    const board = await s.boards.insert(boardRow());
    const roadmap = await s.roadmaps.insert(roadmapRow());
    const late = await s.posts.insert(
      postRow(alice, {
        boardId: board.id,
        roadmapId: roadmap.id,
        createdAt: at(5),
        updatedAt: at(6),
      }),
    );
    const early = await s.posts.insert(postRow(alice, { boardId: board.id, createdAt: at(1) }));
    const other = randomUUID();
    t.deepEqual(
      await s.posts.countByBoards([board.id, other]),
      new Map([
        [board.id, 2],
        [other, 0],
      ]),
    );
    t.deepEqual(
      await s.posts.countByUsers([alice, bob]),
      new Map([
        [alice, 2],
        [bob, 0],
      ]),
    );
    t.deepEqual(
      (await s.posts.listByUser(alice)).map((p) => p.id),
      [early.id, late.id],
    );
    t.is(await s.posts.clearRoadmap(roadmap.id), 1);
    t.is(await s.posts.clearBoard(board.id), 2);
    t.is(await s.posts.clearBoard(board.id), 0);
    t.deepEqual(await s.posts.get(late.id), {
      ...late,
      boardId: null,
      roadmapId: null,
    });
  });

  test('votes.summarize: newest first with id tie-break, counts, the viewer vote beyond the recent ones', async (t) => {
    const s = await fresh(t, url);
    const voters = await Promise.all([1, 2, 3, 4, 5].map(() => s.addUser()));
    const author = voters[0]!;
    const busy = await s.posts.insert(postRow(author));
    const quiet = await s.posts.insert(postRow(author));
    const empty = await s.posts.insert(postRow(author));
    const votes: VoteRow[] = [];
    for (const [n, voter] of voters.entries()) {
      votes.push(
        await s.votes.insert(
          voteRow(voter, busy.id, {
            id: idStarting('abcde'[n]!),
            createdAt: at(n < 2 ? 9 : n),
          }),
        ),
      );
    }
    await s.votes.insert(voteRow(voters[1]!, quiet.id));
    const [v0, v1, v2, v3, v4] = votes as [VoteRow, VoteRow, VoteRow, VoteRow, VoteRow];
    const summary = await s.votes.summarize([busy.id, quiet.id, empty.id], 3, voters[2]!);
    t.deepEqual(summary.get(busy.id), {
      recent: [v1, v0, v4],
      count: 5,
      viewerVote: v2,
    });
    t.is(summary.get(quiet.id)?.count, 1);
    t.is(summary.get(quiet.id)?.viewerVote, null);
    t.deepEqual(summary.get(empty.id), {
      recent: [],
      count: 0,
      viewerVote: null,
    });
    const none = await s.votes.summarize([busy.id], 0, null);
    t.deepEqual(none.get(busy.id), { recent: [], count: 5, viewerVote: null });
    t.deepEqual((await s.votes.summarize([busy.id], 10, v3.userId)).get(busy.id)?.recent, [v1, v0, v4, v3, v2]);
    t.deepEqual(await s.votes.summarize([], 3, null), new Map());
    t.deepEqual(await s.votes.getByUserAndPost(v3.userId, busy.id), v3);
    t.deepEqual(await s.votes.countByUsers([voters[1]!, randomUUID()]).then((m) => [...m.values()]), [2, 0]);
  });

  test('votes.pageByPost pages by offset and after a vote of that post, both ways; other cursors are unknown', async (t) => {
    const s = await fresh(t, url);
    const user = await s.addUser();
    const users = [user, await s.addUser(), await s.addUser(), await s.addUser()];
    const post = await s.posts.insert(postRow(user));
    const other = await s.posts.insert(postRow(user));
    const votes: VoteRow[] = [];
    for (const [n, voter] of users.entries())
      votes.push(await s.votes.insert(voteRow(voter, post.id, { createdAt: at(n) })));
    const stranger = await s.votes.insert(voteRow(user, other.id));
    const ids = (rows: VoteRow[]) => rows.map((v) => v.id);
    const first = await s.votes.pageByPost(post.id, {
      direction: 'asc',
      limit: 2,
      from: { offset: 0 },
    });
    t.deepEqual(first && { ...first, rows: ids(first.rows) }, {
      rows: ids(votes.slice(0, 2)),
      total: 4,
      offset: 0,
      hasMore: true,
    });
    const next = await s.votes.pageByPost(post.id, {
      direction: 'asc',
      limit: 2,
      from: { after: votes[1]!.id },
    });
    t.deepEqual(next && { ...next, rows: ids(next.rows) }, {
      rows: ids(votes.slice(2)),
      total: 4,
      offset: 2,
      hasMore: false,
    });
    const back = await s.votes.pageByPost(post.id, {
      direction: 'desc',
      limit: 2,
      from: { after: votes[2]!.id },
    });
    t.deepEqual(back && { ...back, rows: ids(back.rows) }, {
      rows: [votes[1]!.id, votes[0]!.id],
      total: 4,
      offset: 2,
      hasMore: false,
    });
    const far = await s.votes.pageByPost(post.id, {
      direction: 'desc',
      limit: 2,
      from: { offset: 9 },
    });
    t.deepEqual(far, { rows: [], total: 4, offset: 4, hasMore: false });
    t.is(
      await s.votes.pageByPost(post.id, {
        direction: 'asc',
        limit: 2,
        from: { after: stranger.id },
      }),
      undefined,
    );
    t.is(
      await s.votes.pageByPost(post.id, {
        direction: 'asc',
        limit: 2,
        from: { after: randomUUID() },
      }),
      undefined,
    );
    t.is(await s.votes.deleteByUser(user), 2);
    t.is(await s.votes.deleteByPost(post.id), 3);
    t.is(await s.votes.count(), 0);
  });

  test('boards and roadmaps: name search is literal (% and _), ignores case, orders by name, createdAt, id', async (t) => {
    const s = await fresh(t, url);
    const names = ['a%b', 'A%c', 'axb', 'a_b', 'aXc', 'B%', 'Ä%b'];
    const boards = [];
    const roadmaps = [];
    for (const [n, name] of names.entries()) {
      boards.push(await s.boards.insert(boardRow({ name, createdAt: at(10 - n) })));
      roadmaps.push(await s.roadmaps.insert(roadmapRow({ name, createdAt: at(10 - n) })));
    }
    const tie = await s.boards.insert(boardRow({ name: 'A%B', id: idStarting('0'), createdAt: at(4) }));
    const byName = (rows: Array<{ name: string }>) => rows.map((r) => r.name);
    t.deepEqual(byName(await s.boards.searchByName('a%', 10)), ['A%B', 'a%b', 'A%c']);
    t.deepEqual(byName(await s.boards.searchByName('A_', 10)), ['a_b']);
    t.deepEqual(byName(await s.boards.searchByName('ä%', 10)), ['Ä%b']);
    t.deepEqual(byName(await s.boards.searchByName('a', 2)), ['A%B', 'a%b']);
    t.deepEqual(byName(await s.boards.searchByName('\\', 10)), []);
    t.deepEqual(byName(await s.roadmaps.searchByName('A%', 10)), ['a%b', 'A%c']);
    t.deepEqual(byName(await s.roadmaps.searchByName('ax', 10)), ['axb', 'aXc']);
    t.deepEqual(await s.roadmaps.searchByName('a', 0), []);
    const renamed = await s.boards.update(tie.id, { name: 'zz' });
    t.is(renamed.name, 'zz');
    t.deepEqual(byName(await s.boards.searchByName('Z', 10)), ['zz']);
  });
});
