/**
 * Where a website uses its media library's images (docs/page-builder.md#media-library): every place that holds an
 * image address as text is searched for the image's key (its files are `<key>-<width>.webp`, so any of its widths,
 * at this site's /media/ or at the bucket's address, names it). An image is used when any of them holds its key.
 *
 * The places: each page, by its path (its blocks and CSS as published, and its draft), the
 * website's logo and favicon, its popup, its SEO image and other settings, and its navigation and footer items;
 * and the catalogue's images chosen from the library in the back office: products' images, categories' pictures
 * and brands' logos (looked up by the key in the database, a few names each).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

type DB = Kysely<Database>;
interface Place {
  label: string;
  texts: (string | null | undefined)[];
}

/** Every place of a website that may hold an image address, with its name for people. */
async function placesOf(db: DB, websiteId: number): Promise<Place[]> {
  const byPage = new Map<string, Place>();
  const pageOf = (url: string) => {
    let place = byPage.get(url);
    if (!place) byPage.set(url, (place = { label: url, texts: [] }));
    return place;
  };
  const pages = await db.selectFrom('pages').select(['id', 'url', 'css', 'schema_script']).where('website_id', '=', websiteId).execute();
  for (const page of pages) pageOf(page.url).texts.push(page.css, page.schema_script);
  const components = await db
    .selectFrom('page_components as c')
    .innerJoin('pages as p', 'p.id', 'c.page_id')
    .select(['p.url', 'c.data_json', 'c.settings_json'])
    .where('p.website_id', '=', websiteId)
    .execute();
  for (const component of components) pageOf(component.url).texts.push(component.data_json, component.settings_json);
  const drafts = await db
    .selectFrom('page_drafts as d')
    .innerJoin('pages as p', 'p.id', 'd.page_id')
    .select(['d.url', 'd.document_json'])
    .where('p.website_id', '=', websiteId)
    .execute();
  for (const draft of drafts) pageOf(draft.url).texts.push(draft.document_json);

  const places = [...byPage.values()].sort((a, b) => a.label.localeCompare(b.label));
  const website = await db.selectFrom('websites').select(['logo', 'favicon']).where('id', '=', websiteId).executeTakeFirst();
  places.push({ label: 'Logo', texts: [website?.logo] }, { label: 'Favicon', texts: [website?.favicon] });
  const settings = await db.selectFrom('website_settings').selectAll().where('website_id', '=', websiteId).executeTakeFirst();
  places.push(
    { label: 'Popup', texts: [settings?.popup_json] },
    { label: 'SEO settings', texts: [settings?.seo_json] },
    { label: 'Navigation bar', texts: [settings?.nav_setting_json, settings?.dynamic_navbar] },
    { label: 'Footer', texts: [settings?.dynamic_footer, settings?.address_json] },
    { label: 'Theme', texts: [settings?.theme_json] },
  );
  const items = await db.selectFrom('nav_items').select(['kind', 'image', 'icon', 'value', 'link']).where('website_id', '=', websiteId).execute();
  places.push(
    { label: 'Navigation menu', texts: items.filter((i) => i.kind === 'nav').flatMap((i) => [i.image, i.icon, i.value, i.link]) },
    { label: 'Footer links', texts: items.filter((i) => i.kind === 'footer').flatMap((i) => [i.image, i.icon, i.value, i.link]) },
  );
  return places;
}

/** For each key, the places of the website that hold it (page paths first, then settings); none: an empty list. */
export async function usageOf(db: DB, websiteId: number, keys: string[]): Promise<Map<string, string[]>> {
  const found = new Map(keys.map((key) => [key, [] as string[]]));
  if (keys.length === 0) return found;
  const places = await placesOf(db, websiteId);
  for (const place of places) {
    const texts = place.texts.filter((text): text is string => typeof text === 'string' && text.length > 0);
    for (const key of keys) if (texts.some((text) => text.includes(key))) found.get(key)!.push(place.label);
  }
  for (const key of keys) found.get(key)!.push(...(await catalogueUses(db, key)));
  return found;
}

/** Products, categories and brands whose image holds the key (a media key is hexadecimal: no LIKE wildcard in it). */
async function catalogueUses(db: DB, key: string): Promise<string[]> {
  const like = `%${key}%`;
  const [products, categories, brands] = await Promise.all([
    db.selectFrom('product_media as m').innerJoin('products as p', 'p.id', 'm.product_id').select('p.name').distinct().where('m.src', 'like', like).orderBy('p.name').limit(3).execute(),
    db.selectFrom('categories').select('name').where('avatar', 'like', like).orderBy('name').limit(3).execute(),
    db.selectFrom('brands').select('name').where('logo', 'like', like).orderBy('name').limit(3).execute(),
  ]);
  return [...products.map((p) => `Product “${p.name}”`), ...categories.map((c) => `Category “${c.name}”`), ...brands.map((b) => `Brand “${b.name}”`)];
}
