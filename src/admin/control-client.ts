import type { Stats } from 'node:fs';
import { lstat } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { assertPrivateDataDir, describeUser, octalMode, processUid, type SafetyProblem, safetyError } from '../config/dir-safety.js';
import { AppError, appError } from '../errors.js';
import {
  ConnectionClosed,
  type ControlRequest,
  type ControlResponse,
  controlSocketPath,
  MAX_REQUEST_BYTES,
  readLine,
  socketAddress,
} from './control-protocol.js';

/** What sending an operation to the running server gave: its answer, or that no server listens. */
export type ServerAnswer = { answered: true; result: unknown } | { answered: false };

/** How long a command waits for the server's answer unless told otherwise. */
export const DEFAULT_ANSWER_TIMEOUT_MS = 60_000;

/** The longest answer a client reads (a listing of every user of a big board fits easily). */
const MAX_ANSWER_BYTES = 512 * 1024 * 1024;

/** Connection errors that mean "no server listens here": the command may open the data itself. */
const NOBODY_LISTENS = new Set(['ENOENT', 'ECONNREFUSED', 'ENOTSOCK']);

/**
 * Sends one operation to the server listening on `<data>/control.sock`. Resolves `answered:
 * false` only when nothing accepted the connection (the request never left); once the request
 * is sent, every failure is an AppError, since the operation may have run. Nothing is sent unless
 * the data directory and the socket are this user's alone (a request may carry a password).
 */
export async function sendToServer(
  dataDir: string,
  request: ControlRequest,
  timeoutMs = DEFAULT_ANSWER_TIMEOUT_MS,
): Promise<ServerAnswer> {
  const path = controlSocketPath(dataDir);
  const line = `${JSON.stringify(request)}\n`;
  if (Buffer.byteLength(line) > MAX_REQUEST_BYTES + 1) throw appError('PAYLOAD_TOO_LARGE');
  await assertPrivateDataDir(dataDir);
  if (!(await isTrustedSocket(path))) return { answered: false };
  const socket = await connectTo(path);
  if (!socket) return { answered: false };
  try {
    socket.setTimeout(timeoutMs, () => socket.destroy(noAnswerInTime(timeoutMs)));
    socket.write(line);
    return { answered: true, result: resultOf(await readAnswer(socket)) };
  } finally {
    socket.destroy();
  }
}

/**
 * Whether `path` is a socket of this user that nobody else may connect to (false: there is none);
 * anything else is refused. Node cannot read the listener's credentials (SO_PEERCRED needs a native
 * addon), so this check and the private data directory stand in for it: only this user (or root)
 * can have created a socket there.
 */
async function isTrustedSocket(path: string): Promise<boolean> {
  const info = await lstat(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (info === null) return false;
  const problem = socketProblem(path, info);
  if (problem) throw safetyError('CONTROL_SOCKET_UNSAFE', problem);
  return true;
}

function socketProblem(path: string, info: Stats): SafetyProblem | null {
  const nothingSent = 'nothing was sent to it';
  const removeIt = `if no feedbackd serve of yours runs on this data directory, remove it (rm ${path}) and try again`;
  if (!info.isSocket()) return { what: `${path} is not a socket, ${nothingSent}`, fix: removeIt };
  const mine = processUid();
  if (mine === undefined) return null;
  if (info.uid !== mine) {
    return { what: `control socket ${path} belongs to ${describeUser(info.uid)}, not to ${describeUser(mine)}, ${nothingSent}`, fix: removeIt };
  }
  if ((info.mode & 0o077) === 0) return null;
  const what = `control socket ${path} has mode ${octalMode(info.mode)}, not the 0600 of feedbackd's own, ${nothingSent}`;
  return { what, fix: removeIt };
}

/** A connected socket, or null when no server listens on the path. */
function connectTo(path: string): Promise<Socket | null> {
  const socket = connect(socketAddress(path));
  return new Promise((resolve, reject) => {
    socket.once('connect', () => {
      socket.off('error', onError);
      resolve(socket);
    });
    const onError = (error: NodeJS.ErrnoException) => {
      if (NOBODY_LISTENS.has(error.code ?? '')) return resolve(null);
      if (error.code === 'EACCES') return reject(notAllowed(path));
      reject(error);
    };
    socket.once('error', onError);
  });
}

async function readAnswer(socket: Socket): Promise<ControlResponse> {
  let failure: Error | undefined;
  socket.once('error', (error) => {
    failure = error;
  });
  try {
    return JSON.parse(await readLine(socket, MAX_ANSWER_BYTES)) as ControlResponse;
  } catch (error) {
    if (failure instanceof AppError) throw failure;
    if (error instanceof ConnectionClosed) throw connectionLost();
    throw error;
  }
}

function resultOf(response: ControlResponse): unknown {
  if (response.ok) return response.result;
  const { code, message, status, errors } = response.error;
  // The details of an unexpected failure stay in the server's log, where they were written.
  const text = code === 'SERVER_ERROR' ? `${message} (details are in the log of the running server)` : message;
  throw new AppError(code, text, status, errors ? [...errors] : undefined);
}

function noAnswerInTime(timeoutMs: number): AppError {
  return new AppError(
    'CONTROL_TIMEOUT',
    `The running server did not answer within ${Math.round(timeoutMs / 1000)} seconds; the operation may still complete: check before repeating it`,
    504,
  );
}

function connectionLost(): AppError {
  return new AppError(
    'CONTROL_CONNECTION_LOST',
    'The running server closed the connection without answering (did it stop?); the operation may or may not have been applied: check before repeating it',
    502,
  );
}

function notAllowed(path: string): AppError {
  return new AppError('CONTROL_SOCKET_DENIED', `No permission to use ${path}: run this command as the user that runs feedbackd serve`, 403);
}
