/**
 * Every API call has a request id (docs/operations.md#logs): the answer's X-Request-Id, the `request_id` of every line
 * logged while it was served and, for an unexpected failure, of its JSON body. A caller's (a proxy's) X-Request-Id
 * is kept when it is a short safe token, and replaced otherwise.
 */
import { beforeAll, expect, it } from 'vitest';
import { loggedWhile, type LogLine } from '../logs';
import { describeApi } from './shop';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describeApi('request ids', (shop) => {
  beforeAll(() => {
    // A call that fails as a bug would: before any request, while the app's routes can still be added to.
    shop().app.get('/test/failure', () => {
      throw new TypeError('a failure made by the test');
    });
  });

  it('an unexpected failure: its answer and its log line carry the same request id', async () => {
    let answer: Response | undefined;
    const lines = await loggedWhile(async () => (answer = await shop().visitor().get('/test/failure')));
    expect(answer!.status).toBe(500);
    const id = answer!.headers.get('X-Request-Id');
    expect(id).toMatch(UUID);
    expect(await answer!.json()).toEqual({ message: 'Something went wrong', request_id: id });
    const failure = lines.find((line) => line.level === 'error');
    expect(failure).toMatchObject({ module: 'api', request_id: id, msg: 'GET /s/api/test/failure: a failure made by the test' });
    expect(failure!.err).toMatchObject({ type: 'TypeError', message: 'a failure made by the test', stack: expect.stringContaining('request-ids.test.ts') });
  });

  it("keeps a proxy's X-Request-Id when it is a short safe token, and replaces any other", async () => {
    const kept = await shop().visitor().request('/test/failure', { headers: { 'X-Request-Id': 'edge-7f3a.b2:01_x' } });
    expect(kept.headers.get('X-Request-Id')).toBe('edge-7f3a.b2:01_x');
    expect((await kept.json()).request_id).toBe('edge-7f3a.b2:01_x');
    for (const unsafe of ['a b', 'x'.repeat(65), '"quoted"', 'one,two', 'semi;colon', '']) {
      const replaced = await shop().visitor().request('/test/failure', { headers: { 'X-Request-Id': unsafe } });
      expect(replaced.headers.get('X-Request-Id'), unsafe).toMatch(UUID);
      expect((await replaced.json()).request_id, unsafe).toBe(replaced.headers.get('X-Request-Id'));
    }
  });

  it('every line logged while a call is served carries its id; answers that succeed have one too', async () => {
    const visitor = await shop().visitor().start();
    let answer: Response | undefined;
    const lines = await loggedWhile(async () => (answer = await visitor.post('/auth/login', { identifier: '9876500001' })));
    expect(answer!.status).toBe(200);
    const id = answer!.headers.get('X-Request-Id');
    expect(id).toMatch(UUID);
    const sent = lines.find((line: LogLine) => line.module === 'otp');
    expect(sent).toMatchObject({ level: 'info', request_id: id, msg: expect.stringMatching(/^to 9876500001: \d{6} is your/) });
    expect(lines.every((line) => line.request_id === id)).toBe(true);
    // Two calls, two ids.
    expect((await visitor.get('/init')).headers.get('X-Request-Id')).not.toBe(id);
  });
});
