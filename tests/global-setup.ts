/** Says once, plainly, whether the PostgreSQL parity suites run. */
export default function setup() {
  if (!process.env.TEST_DATABASE_URL) {
    console.log('[tests] PostgreSQL parity: TEST_DATABASE_URL is not set, so the postgres suites are skipped (SQLite suites run).');
  } else {
    console.log(`[tests] PostgreSQL parity: running the API suites on ${process.env.TEST_DATABASE_URL.replace(/\/\/[^@]*@/, '//')} too.`);
  }
}
