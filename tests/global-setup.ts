/** Says once, plainly, whether the PostgreSQL parity suites and the Redis suites run. */
export default function setup() {
  if (!process.env.TEST_REDIS_URL) {
    console.log('[tests] Redis: TEST_REDIS_URL is not set, so the suites against a Redis server are SKIPPED (the fall-back to the database runs).');
  } else {
    console.log(`[tests] Redis: running the rate-limit suites on ${process.env.TEST_REDIS_URL.replace(/\/\/[^@]*@/, '//')}.`);
  }
  if (!process.env.TEST_DATABASE_URL) {
    console.log('[tests] PostgreSQL parity: TEST_DATABASE_URL is not set, so the postgres suites are skipped (SQLite suites run).');
  } else {
    console.log(`[tests] PostgreSQL parity: running the API suites on ${process.env.TEST_DATABASE_URL.replace(/\/\/[^@]*@/, '//')} too.`);
  }
}
