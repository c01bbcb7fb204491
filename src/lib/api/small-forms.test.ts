import { describe, expect, it } from 'vitest';
import { refused } from './small-forms';

describe("a small form's refused post", () => {
  it('answers 403 with a way back in English on English pages', async () => {
    const answer = refused('Your form has expired', '/products?page=2');
    expect(answer.status).toBe(403);
    const html = await answer.text();
    expect(html).toContain('<html lang="en-IN">');
    expect(html).toContain('<h1>Nothing was changed</h1>');
    expect(html).toContain('<a href="/products?page=2">Go back and try again</a>');
  });

  it('answers in Hindi when it leads back to a Hindi page, the message escaped', async () => {
    const html = await refused('<b>x</b>', '/hi/products', 'hi').text();
    expect(html).toContain('<html lang="hi-IN">');
    expect(html).toContain('<title>नहीं भेजा गया</title>');
    expect(html).toContain('<h1>कुछ नहीं बदला</h1>');
    expect(html).toContain('<a href="/hi/products">वापस जाएँ और दोबारा कोशिश करें</a>');
    expect(html).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(html).not.toContain('Nothing was changed');
  });
});
