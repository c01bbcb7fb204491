// `npm run bench`: times API calls in-process (no socket, the same path server-side rendering takes) against
// the database at DATABASE_URL, and prints the median and p95 of each. A measurement, never a test.
// For scale: DATABASE_URL=file:./data/scale.sqlite npm run seed -- --products 100000 --reset, then bench it.
import { parseArgs } from 'node:util';
import { createApp } from '../src/server/app';
import { closeDeps, prepare } from '../src/server/boot';
import { readConfig } from '../src/server/config';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '200' } } });
const runs = Number(values.runs);
const deps = await prepare(readConfig(), () => {});
const app = createApp(deps);
const get = (path: string, cookie?: string) => app.fetch(new Request(`http://localhost/s/api${path}`, cookie ? { headers: { cookie } } : {}));

/** A new session's cookie header, as a first visit gets it (GET /cookie). */
const newSession = async () => (await get('/cookie')).headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
/** A session with a pincode chosen, as the pincode dialog leaves it (GET /check/pincode): its cookie header. */
async function sessionAt(pincode: string): Promise<string> {
  const cookie = await newSession();
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? '';
  const chosen = await app.fetch(new Request(`http://localhost/s/api/check/pincode/${pincode}`, { headers: { cookie, 'X-XSRF-TOKEN': xsrf, 'X-Origin': 'http://localhost' } }));
  if (!chosen.ok) throw new Error(`pincode ${pincode} answered ${chosen.status}`);
  return cookie;
}
// A listing that knows the pincode (docs/search.md): a metro pincode every warehouse reaches, a wider-area one only
// Bengaluru reaches, and a session without a pincode (what the session alone costs).
const [metro, extended, noPincode] = [await sessionAt('560001'), await sessionAt('570001'), await newSession()];

const { data } = await (await get('/products?perPage=1')).json();
const slug: string = data[0].slug;
const total: number = (await (await get('/products')).json()).meta.total;
const lastPage = Math.max(1, Math.ceil(total / 24));

const calls: [string, string, string?][] = [
  ['init', '/init'],
  ['products, page 1', '/products'],
  [`products, page ${lastPage} (last)`, `/products?page=${lastPage}`],
  ['products, category staples (with descendants)', '/products?c=1'],
  ['products, brand 1, price low to high', '/products?b=1&s=price_asc'],
  ['products, newest', '/products?s=newest'],
  ['search "basmati rice"', '/products?q=basmati%20rice'],
  ['search "masala" by price', '/products?q=masala&s=price_asc'],
  ['search prefix "cho"', '/products?q=cho'],
  ['search + category + brand', '/products?q=atta&c=1&b=1'],
  ['product by slug', `/products/${slug}`],
  // Search that understands shoppers: synonyms (Hinglish, Devanagari), typos (corrected), pack sizes, nothing found.
  ['search synonym "chini"', '/products?q=chini'],
  ['search synonym "दाल"', `/products?q=${encodeURIComponent('दाल')}`],
  ['search synonym "मसूर दाल"', `/products?q=${encodeURIComponent('मसूर दाल')}`],
  ['search typo "basmatti"', '/products?q=basmatti'],
  ['search typo "gheee"', '/products?q=gheee'],
  ['search typo "turmerik powdr"', '/products?q=turmerik%20powdr'],
  ['search typo "panner" (named with paneer first)', '/products?q=panner'],
  ['search "saunff" (a correction that finds nothing)', '/products?q=saunff'],
  ['search size "masoor dal 1kg"', '/products?q=masoor%20dal%201kg'],
  ['search size only "500 g"', '/products?q=500%20g'],
  ['search "zzqqxx" (nothing, no correction)', '/products?q=zzqqxx'],
  // Suggestions as the shopper types: one letter, a few, two words, Devanagari, and a text nothing matches.
  ['suggest "b"', '/search/suggest?q=b'],
  ['suggest "bas"', '/search/suggest?q=bas'],
  ['suggest "gold basmati ri"', '/search/suggest?q=gold%20basmati%20ri'],
  ['suggest "toor d" (a word and a letter)', '/search/suggest?q=toor%20d'],
  ['suggest "chini" (a synonym of sugar)', '/search/suggest?q=chini'],
  ['suggest "दाल"', `/search/suggest?q=${encodeURIComponent('दाल')}`],
  ['suggest "xyzzy" (nothing)', '/search/suggest?q=xyzzy'],
  ['suggest "panner" (a typo, corrected)', '/search/suggest?q=panner'],
  ['suggest "malai panner" (a word and a typo)', '/search/suggest?q=malai%20panner'],
  // The listing with the session's pincode: every pack with its delivery, and the "Deliverable to" filter.
  ['products, page 1, a session, no pincode', '/products', noPincode],
  ['products, page 1, pincode 560001', '/products', metro],
  ['products, page 1, pincode 570001', '/products', extended],
  ['products, deliverable to 560001', '/products?deliverable=1', metro],
  ['products, deliverable to 570001', '/products?deliverable=1', extended],
  ['products, price low to high (no pincode)', '/products?s=price_asc'],
  ['products, deliverable to 570001, by price', '/products?deliverable=1&s=price_asc', extended],
  ['products, deliverable to 570001 + category', '/products?deliverable=1&c=1', extended],
  ['search "masala" by price, deliverable to 570001', '/products?q=masala&s=price_asc&deliverable=1', extended],
  ['product by slug, pincode 570001', `/products/${slug}`, extended],
];

const ms = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(2);
console.log(`${deps.config.databaseUrl.replace(/\/\/[^@]*@/, '//')} · ${total} products · ${runs} runs per call\n`);
console.log('call'.padEnd(48), 'median ms'.padStart(10), 'p95 ms'.padStart(10), 'total'.padStart(8));
for (const [name, path, cookie] of calls) {
  for (let i = 0; i < 10; i++) await (await get(path, cookie)).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const response = await get(path, cookie);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const found = path.startsWith('/products?') ? String((await (await get(path, cookie)).json()).meta.total) : '';
  console.log(name.padEnd(48), ms(times, 0.5).padStart(10), ms(times, 0.95).padStart(10), found.padStart(8));
}
await closeDeps(deps);
