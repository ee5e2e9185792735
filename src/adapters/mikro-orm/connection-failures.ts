import { ConnectionException } from '@mikro-orm/core';
import { DependencyUnavailable } from '../../application/ports/dependency-unavailable.js';

/** Socket errors of a connection that cannot be made or was lost. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
/** SQLSTATEs of a server that is going away, starting up or full: class 08 plus these. */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** postgres.js (pipelined reads) names a connection it lost or could not make. */
const DRIVER_CODES = new Set(['CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT']);
/** pg and knex say so only in words. */
const LOST_CONNECTION = /connection terminated|timeout acquiring a connection|connection ended unexpectedly|connection error|pool after calling end|pool is draining/i;

const isConnectionFailureItself = (error: unknown): boolean => {
  if (error instanceof ConnectionException) return true;
  if (!(error instanceof Error)) return false;
  const [code, syscall, severity]: unknown[] = [Reflect.get(error, 'code'), Reflect.get(error, 'syscall'), Reflect.get(error, 'severity')];
  // The server refused one statement and kept the session (a FATAL one ends it): a value it cannot
  // take, e.g. NUL in a string, answers 08P01 "invalid message format" and is no outage.
  if (severity === 'ERROR') return false;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || DRIVER_CODES.has(code) || UNAVAILABLE_STATES.has(code) || code.startsWith('08'))) return true;
  if (syscall === 'connect') return true; // e.g. ENOENT on a Unix socket that is gone
  return LOST_CONNECTION.test(error.message);
};

/**
 * Is this the database being unreachable, rather than a query going wrong? Drivers wrap
 * errors, so the `cause` chain is searched too.
 */
export const isConnectionFailure = (error: unknown): boolean => {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (isConnectionFailureItself(current)) return true;
    current = typeof current === 'object' ? Reflect.get(current, 'cause') : undefined;
  }
  return false;
};

/** The storage boundary's translation: connection-class errors become the port's DependencyUnavailable. */
export const translateConnectionFailure = (error: unknown): unknown =>
  isConnectionFailure(error) && !(error instanceof DependencyUnavailable) ? new DependencyUnavailable('database', { cause: error }) : error;
