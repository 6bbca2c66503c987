/** The few driver errors the services react to, recognised the same way on both dialects. */

function codeOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String((error as { code: unknown }).code)
    : undefined;
}

/** A unique index refused the row (SQLite SQLITE_CONSTRAINT_UNIQUE / PRIMARYKEY, PostgreSQL 23505). */
export function isUniqueViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** A check constraint refused the row (SQLite SQLITE_CONSTRAINT_CHECK, PostgreSQL 23514). */
export function isCheckViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === '23514' || code === 'SQLITE_CONSTRAINT_CHECK';
}

/**
 * The transaction lost a race and may simply be run again: PostgreSQL serialization failure or deadlock,
 * SQLite busy (another process, such as the operator command line, holds the write lock).
 */
export function isRetryableConflict(error: unknown): boolean {
  const code = codeOf(error);
  return code === '40001' || code === '40P01' || (code?.startsWith('SQLITE_BUSY') ?? false);
}

/** Runs `work` again (a bounded number of times) when it fails with a retryable conflict. */
export async function retryOnConflict<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isRetryableConflict(error)) throw error;
      await new Promise((r) => setTimeout(r, 5 * attempt));
    }
  }
}
