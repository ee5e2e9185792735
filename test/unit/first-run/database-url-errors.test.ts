import { describe, expect, it } from 'vitest';
import { DatabaseUrlError, redactedDatabaseUrl } from '../../../src/bootstrap/database-url-errors.js';

const refused = () => Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED', syscall: 'connect' });

describe('DATABASE_URL in errors', () => {
  it('is shown without its password', () => {
    expect(redactedDatabaseUrl('postgres://app:s3cret@db.internal:5432/switchboard')).toBe('postgres://app:***@db.internal:5432/switchboard');
    expect(redactedDatabaseUrl('postgres://db.internal/switchboard')).toBe('postgres://db.internal/switchboard');
  });

  it('names the setting, the place and the reason when the server cannot be reached, and what to do', () => {
    const error = new DatabaseUrlError('postgres://app:s3cret@db.internal:5432/switchboard', refused());
    expect(error.message).toBe(
      'cannot reach the database at DATABASE_URL (postgres://app:***@db.internal:5432/switchboard): connect ECONNREFUSED 10.0.0.5:5432. ' +
        'Check that PostgreSQL is running there and accepts connections from this host, or unset DATABASE_URL to use the embedded database in DATA_DIR.',
    );
    expect(error.message).not.toContain('s3cret');
  });

  it('says what a connection made of several attempts met (AggregateError says nothing itself)', () => {
    const error = new DatabaseUrlError('postgres://localhost/x', new AggregateError([refused()], ''));
    expect(error.message).toContain('connect ECONNREFUSED 10.0.0.5:5432');
  });

  it('names the setting for any other failure to open, e.g. a refused password', () => {
    const auth = Object.assign(new Error('password authentication failed for user "app"'), { code: '28P01', severity: 'FATAL' });
    expect(new DatabaseUrlError('postgres://app:pw@db/x', auth).message).toBe(
      'the database at DATABASE_URL (postgres://app:***@db/x) could not be opened: password authentication failed for user "app"',
    );
  });
});
