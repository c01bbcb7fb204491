// Every test file starts with the server's log dropped, so a run prints only the tests' own output; LOG_LEVEL=debug
// (or any level) prints it, readable. A test reads the lines it expects with loggedWhile (tests/logs.ts).
import { writeLogsTo } from '../src/lib/log.mjs';

if (!process.env.LOG_LEVEL) writeLogsTo({ write() {} });
