/*
 * Uploaded images (issue 31 §3, documented in README.md): an image for a post's or a comment's
 * Markdown, checked by its bytes, stripped of its metadata and served from `/uploads/<id>`.
 */
import { answer, integer, operation, type Paths, string } from '../kit.js';

const upload = answer({
  upload: {
    type: 'object',
    additionalProperties: false,
    required: ['uploadId', 'url', 'type', 'width', 'height', 'size'],
    properties: {
      uploadId: { type: 'string', pattern: '^[0-9a-f]{64}$', description: 'The sha256 (hex) of the stored bytes: the same image is stored, and answered, once.' },
      url: { ...string, description: 'Where the image is served, `/uploads/<uploadId>`, relative to the site: put it in Markdown as `![image](<url>)`.' },
      type: { type: 'string', enum: ['png', 'jpeg', 'gif', 'webp'], description: 'The format, read from the bytes (kept as sent).' },
      width: { ...integer, description: 'In pixels.' },
      height: { ...integer, description: 'In pixels (one frame of an animation).' },
      size: { ...integer, description: 'Bytes stored, after the metadata was stripped.' },
    },
  },
});

const createUpload = operation('post', {
  id: 'createUpload',
  summary: 'Upload an image',
  description:
    'Stores one image for a post’s or a comment’s Markdown. The body is `multipart/form-data` with the image as the field `file`. ' +
    'PNG, JPEG, GIF and WebP only, decided by the bytes (never by the file name or the declared type); the image is re-encoded in its own format ' +
    'without its metadata (EXIF with GPS, XMP, ICC profiles, comments), a JPEG turned upright first; animations are kept. ' +
    'An image no post or comment uses, and that is nobody’s avatar, is removed a day later (`uploadOrphanMs`). ' +
    'Checks, in order: the token (401), `post:create` or `comment:create` (403 `NOT_ENOUGH_PERMISSION`), the per-user rate `uploadRateLimit` (429 `RATE_LIMITED`), ' +
    'the size while reading, `uploadMaxBytes` (413 `UPLOAD_TOO_LARGE`: by Content-Length before reading, else as soon as the file passes it), ' +
    'a multipart body with a non-empty `file` (400 `UPLOAD_FILE_MISSING`), the type by the bytes (400 `UPLOAD_TYPE_NOT_ALLOWED`: an SVG, HTML, PHP, a PDF…), ' +
    'a decodable image (400 `UPLOAD_NOT_AN_IMAGE`: damaged or cut short), width × height × frames at most `uploadMaxPixels` (413 `UPLOAD_TOO_MANY_PIXELS`), ' +
    'then the caller’s uploads of the last 24 hours plus this one at most `uploadDailyQuotaBytes` (429 `UPLOAD_QUOTA_EXCEEDED`; an image already stored costs nothing).',
  tag: 'Uploads',
  section: 'README',
  auth: 'required',
  permission: '`post:create` or `comment:create`',
  rateLimited: true,
  multipartBody: {
    type: 'object',
    required: ['file'],
    properties: { file: { type: 'string', format: 'binary', description: 'The image: PNG, JPEG, GIF or WebP, at most `uploadMaxBytes`.' } },
  },
  success: { 201: { description: 'The stored image (the one stored before, when the same image was sent again).', schema: upload } },
  errors: {
    400: ['UPLOAD_FILE_MISSING', 'UPLOAD_TYPE_NOT_ALLOWED', 'UPLOAD_NOT_AN_IMAGE'],
    403: ['NOT_ENOUGH_PERMISSION'],
    413: ['UPLOAD_TOO_LARGE', 'UPLOAD_TOO_MANY_PIXELS'],
    429: ['UPLOAD_QUOTA_EXCEEDED'],
  },
});

export const uploadPaths: Paths = { '/uploads': { post: createUpload } };
