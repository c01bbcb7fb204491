import { describe, expect, it } from 'vitest';
import { channelSeries, readSalesDate, shares } from './sales';

const figures = (channel: 'web' | 'agent' | 'pos', amount: number) => ({ channel, orders: 1, amount, refunded: 0, net: amount });

describe('the sales figures screen', () => {
  it('reads a real date from the address, else today', () => {
    expect(readSalesDate(new URLSearchParams('date=2026-11-27'))).toBe('2026-11-27');
    for (const bad of ['2026-02-30', '27-11-2026', 'today', '']) expect(readSalesDate(new URLSearchParams({ date: bad }))).toBe('');
  });

  it("gives each channel its share of the period's amount, and none when nothing sold", () => {
    expect(shares([figures('web', 0.1), figures('agent', 0.2), figures('pos', 0.7)])).toEqual({ web: 10, agent: 20, pos: 70 });
    expect(shares([figures('web', 0), figures('agent', 0), figures('pos', 0)])).toEqual({ web: 0, agent: 0, pos: 0 });
  });

  it('lays the days out as the chart takes them: an index, then each channel', () => {
    const days = [
      { date: '2026-11-26', channels: [figures('web', 10), figures('agent', 0), figures('pos', 5)] },
      { date: '2026-11-27', channels: [figures('web', 1), figures('agent', 2), figures('pos', 3)] },
    ];
    expect(channelSeries(days, ['web', 'agent', 'pos'])).toEqual({ labels: ['2026-11-26', '2026-11-27'], data: [[0, 1], [10, 1], [0, 2], [5, 3]] });
  });
});
