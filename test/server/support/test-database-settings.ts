/**
 * PostgreSQL settings of the tests' PGlite databases. At start PGlite zeroes the shared memory these
 * size (an emscripten `mmap`): with PostgreSQL's 128 MB of shared buffers that was about 0.7 s of CPU of
 * every database opened (bench/test-server-start.ts); a test database holds a few megabytes.
 */
export const TEST_DATABASE_SETTINGS = { shared_buffers: '8MB', max_connections: '10' } as const
