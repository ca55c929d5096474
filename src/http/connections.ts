import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Config } from '../config/types.js';
import { appError, type ErrorCode } from '../errors.js';
import type { Logger } from '../logger.js';
import { errorBody } from './errors.js';
import { everyResponseHeaders } from './request-context.js';

/*
 * Requests Node refuses before the app sees them (a parse error, headers over its 16 KiB limit, a
 * timeout) get the API's error shape and headers here instead of Node's bare status line. Anyone
 * can send these, so they are logged at debug level only.
 */

/** How the HTTP server treats connections (server.ts applies it). */
export interface ConnectionPolicy {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /** The server's `clientError` listener. */
  onClientError(error: Error, socket: Duplex): void;
}

/** Node's error codes for a refused request, and the answer each gets; any other parse error is MALFORMED_REQUEST. */
const REFUSALS: Readonly<Record<string, ErrorCode>> = {
  HPE_HEADER_OVERFLOW: 'HEADERS_TOO_LARGE',
  ERR_HTTP_REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
  HPE_INVALID_METHOD: 'UNKNOWN_METHOD',
};

/** The client is gone: there is nobody to answer, and nothing went wrong on our side. */
const PEER_GONE = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE', 'ERR_STREAM_DESTROYED']);

/** An error that only says the client disconnected (mid-request or mid-response). */
export function isClientGone(error: unknown): boolean {
  return PEER_GONE.has(String((error as { code?: unknown } | null)?.code));
}

/** The connection policy of a configuration. */
export function connectionPolicy(
  config: Pick<Config, 'corsOrigins' | 'headersTimeoutMs' | 'requestTimeoutMs' | 'keepAliveTimeoutMs'>,
  logger: Logger,
): ConnectionPolicy {
  const { headersTimeoutMs, requestTimeoutMs, keepAliveTimeoutMs } = config;
  return { headersTimeoutMs, requestTimeoutMs, keepAliveTimeoutMs, onClientError: answerClientError(config, logger) };
}

function answerClientError(config: Pick<Config, 'corsOrigins'>, logger: Logger): ConnectionPolicy['onClientError'] {
  // The request's headers were never read, so there is no Origin to echo: only `*` can be sent.
  const cors: Record<string, string> = config.corsOrigins === '*' ? { 'Access-Control-Allow-Origin': '*' } : { Vary: 'Origin' };
  return (error, socket) => {
    const nodeCode = (error as NodeJS.ErrnoException).code;
    if (isClientGone(error) || !mayAnswer(socket)) {
      logger.debug({ code: nodeCode }, 'client connection ended before a request could be read');
    } else {
      const requestId = randomUUID();
      logger.debug({ requestId, code: nodeCode }, 'request refused before it reached the app');
      socket.write(rawAnswer(REFUSALS[nodeCode ?? ''] ?? 'MALFORMED_REQUEST', { ...everyResponseHeaders(requestId), ...cors }));
    }
    // As Node does: the bytes above leave at once (a few hundred, on a writable socket), the connection goes.
    socket.destroy();
  };
}

/**
 * Node's own rule: answer only if the socket is writable and no response to a request on it has
 * begun (a timeout can strike while the app still reads a body and has not answered yet).
 */
function mayAnswer(socket: Duplex): boolean {
  const current = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
  return socket.writable && !current?.headersSent;
}

function rawAnswer(code: ErrorCode, headers: Record<string, string>): Buffer {
  const error = appError(code);
  const body = JSON.stringify(errorBody(error));
  const lines = [
    `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    'Connection: close',
  ];
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n${body}`);
}
