import { expect, it } from 'vitest';
import { codesSentTo, describeApi, from } from './shop';

describeApi('rate limits hold under concurrency', (shop) => {
  it('sends exactly 5 codes to one phone when 30 requests for it arrive at once (from 30 clients)', async () => {
    const phone = '9876500002';
    const visitors = await Promise.all(Array.from({ length: 30 }, () => shop().visitor().start()));
    const statuses = (await Promise.all(visitors.map((v, i) => v.post('/auth/login', { identifier: phone }, from(`10.40.0.${i}`))))).map((r) => r.status);
    expect(await codesSentTo(shop(), phone)).toBe(5);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 429)).toBe(true);
  });

  it('sends exactly 20 registration codes to one client when 40 registrations arrive at once', async () => {
    const phones = Array.from({ length: 40 }, (_, i) => `91000${String(i).padStart(5, '0')}`);
    const visitors = await Promise.all(phones.map(() => shop().visitor().start()));
    const answers = await Promise.all(
      visitors.map((v, i) => v.post('/auth/register', { name: `Racer ${i}`, email: `racer${i}@example.com`, phone: phones[i] }, from('10.41.0.1'))),
    );
    const statuses = answers.map((r) => r.status);
    let sent = 0;
    for (const phone of phones) sent += await codesSentTo(shop(), phone);
    expect(sent).toBe(20);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 429)).toBe(true);
  });

  it('counts unknown numbers and emails against the client limit: probing for accounts stops at 20', async () => {
    const prober = await shop().visitor().start();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const identifier = i % 2 ? `nobody${i}@example.com` : `90000${String(i).padStart(5, '0')}`;
      statuses.push((await prober.post('/auth/login', { identifier }, from('10.42.0.1'))).status);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(404));
    expect(statuses.slice(20)).toEqual(Array(10).fill(429));
    // A real account from the same client is refused too: the allowance is spent.
    expect((await prober.post('/auth/login', { identifier: '9876500001' }, from('10.42.0.1'))).status).toBe(429);
  });

  it('counts a registration refused because the account exists against the client limit too', async () => {
    const prober = await shop().visitor().start();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push((await prober.post('/auth/register', { name: 'Probe', email: `probe${i}@example.com`, phone: '9876500001' }, from('10.43.0.1'))).status);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(409));
    expect(statuses[20]).toBe(429);
  });

  it('refuses 30 parallel probes of unknown numbers from one client past the limit', async () => {
    const visitors = await Promise.all(Array.from({ length: 30 }, () => shop().visitor().start()));
    const statuses = (await Promise.all(visitors.map((v, i) => v.post('/auth/login', { identifier: `80000${String(i).padStart(5, '0')}` }, from('10.44.0.1'))))).map((r) => r.status);
    expect(statuses.filter((s) => s === 404)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });

  it('opens a new window once the hour is over', async () => {
    const prober = await shop().visitor().start();
    for (let i = 0; i < 20; i++) await prober.post('/auth/login', { identifier: `70000${String(i).padStart(5, '0')}` }, from('10.45.0.1'));
    expect((await prober.post('/auth/login', { identifier: '7000000099' }, from('10.45.0.1'))).status).toBe(429);
    const anHourAgo = new Date(Date.now() - 3_600_001).toISOString();
    await shop().deps.db.kysely.updateTable('rate_limits').set({ window_start: anHourAgo }).where('key', 'like', '%10.45.0.1').execute();
    expect((await prober.post('/auth/login', { identifier: '7000000099' }, from('10.45.0.1'))).status).toBe(404);
  });
});
