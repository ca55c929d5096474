import type { Socket } from 'node:net';
import { join, relative } from 'node:path';
import { AppError, appError, validationError } from '../errors.js';
import type { OperationArgs } from './operations.js';

/*
 * The control socket protocol, between `serve` and the admin commands on the same machine:
 * a unix socket `<data>/control.sock` (mode 0600). One request per connection: the client
 * sends one JSON line `{"op": "<name>", "args": {…}}` and the server answers one JSON line,
 * `{"ok": true, "result": …}` or `{"ok": false, "error": {"code", "message", "status"}}`,
 * then closes. A request is at most 1 MiB and must arrive within 10 seconds of connecting.
 */

/** Name of the socket file in the data directory. */
export const CONTROL_SOCKET_FILE = 'control.sock';

/** The longest request line the server reads (the API's body limit). */
export const MAX_REQUEST_BYTES = 1024 * 1024;

/** How long the server waits for a whole request line after a client connects. */
export const REQUEST_TIMEOUT_MS = 10_000;

/** One request: the operation's name and its arguments. */
export interface ControlRequest {
  op: string;
  args: OperationArgs;
}

/** An error as it crosses the socket: the fields of an AppError. */
export interface ControlError {
  code: string;
  message: string;
  status: number;
  errors?: ReadonlyArray<{ path: string; message: string }>;
}

/** One answer. */
export type ControlResponse = { ok: true; result: unknown } | { ok: false; error: ControlError };

/** `<data>/control.sock`. */
export function controlSocketPath(dataDir: string): string {
  return join(dataDir, CONTROL_SOCKET_FILE);
}

/** sun_path holds 108 bytes on Linux (104 on macOS), the final NUL included. */
const MAX_SOCKET_PATH_BYTES = 103;

/**
 * The path to listen on or connect to: the absolute one, or, when that is too long for a unix
 * socket address, the same file relative to the working directory.
 */
export function socketAddress(path: string): string {
  if (Buffer.byteLength(path) <= MAX_SOCKET_PATH_BYTES) return path;
  const shorter = relative(process.cwd(), path);
  if (Buffer.byteLength(shorter) <= MAX_SOCKET_PATH_BYTES) return shorter;
  throw new AppError(
    'CONTROL_SOCKET_PATH_TOO_LONG',
    `The control socket path ${path} is too long for a unix socket (at most ${MAX_SOCKET_PATH_BYTES} bytes): use a shorter data directory path`,
    500,
  );
}

/** Reads a request line into a request; 400 INVALID_JSON or VALIDATION_ERROR for anything else. */
export function parseRequest(line: string): ControlRequest {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw appError('INVALID_JSON');
  }
  if (!isObject(value)) throw validationError('', 'Request body must be a JSON object');
  if (typeof value.op !== 'string') throw validationError('op', 'must be a string');
  if (value.args !== undefined && !isObject(value.args)) throw validationError('args', 'must be an object');
  return { op: value.op, args: (value.args as OperationArgs | undefined) ?? {} };
}

/** The wire form of an AppError. */
export function toControlError(error: AppError): ControlError {
  const wire: ControlError = { code: error.code, message: error.message, status: error.status };
  if (error.errors) wire.errors = error.errors;
  return wire;
}

/** Thrown by readLine when the peer closed the connection before sending a whole line. */
export class ConnectionClosed extends Error {
  constructor() {
    super('the connection closed before a whole line arrived');
    this.name = 'ConnectionClosed';
  }
}

/**
 * The first line the peer sends (without its newline). Rejects with ConnectionClosed when the
 * connection ends first, and with 413 PAYLOAD_TOO_LARGE past `maxBytes` (the rest is not read).
 */
export function readLine(socket: Socket, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (outcome: () => void) => {
      socket.off('data', onData).off('end', onEnd).off('close', onEnd).off('error', onEnd);
      socket.pause();
      outcome();
    };
    const onData = (chunk: Buffer) => {
      const newline = chunk.indexOf(0x0a);
      const part = newline < 0 ? chunk : chunk.subarray(0, newline);
      size += part.length;
      if (size > maxBytes) return finish(() => reject(appError('PAYLOAD_TOO_LARGE')));
      chunks.push(part);
      if (newline >= 0) finish(() => resolve(Buffer.concat(chunks).toString('utf8')));
    };
    const onEnd = () => finish(() => reject(new ConnectionClosed()));
    socket.on('data', onData).on('end', onEnd).on('close', onEnd).on('error', onEnd);
  });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
