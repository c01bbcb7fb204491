import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { translator } from '../../lib/i18n/translate';
import { ApiError, errorAnswer, refusal } from './errors';

describe('a refusal', () => {
  const english = translator('en');
  const hindi = translator('hi');

  it('is said with its params in either language, its English as the error message', () => {
    const stock = refusal('refusals.onlyLeft', { count: 3 });
    expect(stock.say(english)).toBe('Only 3 left in stock');
    expect(stock.say(hindi)).toBe('स्टॉक में केवल 3 बचे हैं');
    expect(new ApiError(400, stock).message).toBe('Only 3 left in stock');
  });

  it('picks plural forms by the language', () => {
    expect(refusal('refusals.wrongCode', { count: 1 }).say(english)).toBe('That code is not right. 1 try left.');
    expect(refusal('refusals.wrongCode', { count: 4 }).say(english)).toBe('That code is not right. 4 tries left.');
    expect(refusal('refusals.wrongCode', { count: 1 }).say(hindi)).toBe('यह कोड सही नहीं है। 1 कोशिश बाकी है।');
    expect(refusal('refusals.wrongCode', { count: 4 }).say(hindi)).toBe('यह कोड सही नहीं है। 4 कोशिशें बाकी हैं।');
    expect(refusal('refusals.tooManyCodesWait', { count: 1 }).say(english)).toBe('Too many codes requested. Please try again in 1 minute.');
  });

  it('says a refusal inside its params in the same language', () => {
    const cancel = refusal('refusals.cannotCancel', { order: '1001', status: refusal('refusals.status.packed') });
    expect(cancel.say(english)).toBe('Order 1001 is packed and can no longer be cancelled');
    expect(cancel.say(hindi)).toBe('ऑर्डर 1001 पैक हो चुका है और अब रद्द नहीं किया जा सकता');
    const coupon = refusal('refusals.couponIssue', { code: 'SAVE10', issue: refusal('refusals.couponExpired') });
    expect(coupon.say(hindi)).toBe('SAVE10: इस कूपन की अवधि खत्म हो गई है');
  });
});

describe('errorAnswer', () => {
  const app = new Hono();
  app.get('/stock', () => {
    throw new ApiError(400, refusal('refusals.onlyLeft', { count: 2 }), { quantity: [refusal('refusals.onlyLeft', { count: 2 })] }, { lines: [{ pack_id: 7, message: refusal('refusals.outOfStock') }] });
  });
  app.get('/staff', () => {
    throw new ApiError(403, 'This is for administrators only');
  });
  app.onError(errorAnswer);
  const call = async (path: string, language?: string) => {
    const response = await app.request(path, { headers: language ? { 'accept-language': language } : {} });
    return [response.status, await response.json()];
  };

  it('answers in the request’s language, the same status, errors’ keys and details', async () => {
    expect(await call('/stock')).toEqual([400, { lines: [{ pack_id: 7, message: 'This item is out of stock' }], message: 'Only 2 left in stock', errors: { quantity: ['Only 2 left in stock'] } }]);
    expect(await call('/stock', 'hi-IN,hi;q=0.9,en;q=0.8')).toEqual([400, { lines: [{ pack_id: 7, message: 'यह आइटम स्टॉक में नहीं है' }], message: 'स्टॉक में केवल 2 बचे हैं', errors: { quantity: ['स्टॉक में केवल 2 बचे हैं'] } }]);
  });

  it('keeps a staff refusal English whatever the language', async () => {
    expect(await call('/staff', 'hi-IN')).toEqual([403, { message: 'This is for administrators only' }]);
  });
});
