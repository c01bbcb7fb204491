import { sql, PostgresAdapter, type Kysely } from 'kysely';
import { inTransaction } from './in-transaction';

/**
 * Search that understands shoppers (docs/search.md): each website's synonym groups (seeded with the grocery
 * vocabulary for the websites that exist), and the vocabulary of catalogue words that typo correction compares
 * against, with a trigram index (SQLite FTS5 `trigram`; PostgreSQL `pg_trgm` with a GIN index).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const isPg = db.getExecutor().adapter instanceof PostgresAdapter;
  if (isPg) {
    // Said plainly when refused: the migration (and so the start) stops here, and nothing of it is kept.
    try {
      await sql`create extension if not exists pg_trgm`.execute(db);
    } catch (error) {
      throw new Error(
        'migration 0012_search needs the PostgreSQL extension pg_trgm (typo-tolerant search), and this database user may not create it. ' +
          `Ask a superuser to run "CREATE EXTENSION pg_trgm;" in this database, then start again. (${String(error)})`,
        { cause: error },
      );
    }
  }
  await inTransaction(db, async (trx) => {
    await trx.schema
      .createTable('search_synonyms')
      .addColumn('website_id', 'integer', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('group_no', 'integer', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('term', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('search_synonyms_pk', ['website_id', 'group_no', 'position'])
      .execute();
    await trx.schema
      .createTable('search_words')
      .addColumn('word', 'text', (c) => c.primaryKey())
      .addColumn('weight', 'integer', (c) => c.notNull())
      .execute();
    if (isPg) await sql`create index search_words_trgm on search_words using gin (word gin_trgm_ops)`.execute(trx);
    else await sql`create virtual table search_words_trgm using fts5(word, tokenize='trigram')`.execute(trx);
    await fillSearchWords(trx, isPg);
    const websites = await trx.selectFrom('websites').select('id').execute();
    for (const { id } of websites) {
      const rows = SYNONYMS.flatMap((group, group_no) => group.map((term, position) => ({ website_id: id, group_no, position, term: term.trim().normalize('NFC') })));
      for (let i = 0; i < rows.length; i += 200) await trx.insertInto('search_synonyms').values(rows.slice(i, i + 200)).execute();
    }
  });
}

/**
 * The vocabulary of the catalogue as services/search-words.ts built it when this migration was made: the words
 * (lower case, letters and their marks, 3 to 40 long) of active products' names (weight 1), brands and categories
 * (weight 5 each), the 50,000 most frequent kept; on SQLite the trigram index is filled from them.
 */
async function fillSearchWords(db: Kysely<any>, isPg: boolean): Promise<void> {
  const weights = new Map<string, number>();
  const add = (text: string, weight: number) => {
    const words = text
      .normalize('NFKC')
      .toLowerCase()
      .split(/[^\p{L}\p{M}]+/u)
      .filter((word) => word.length >= 3 && word.length <= 40 && /\p{L}/u.test(word));
    for (const word of new Set(words)) weights.set(word, (weights.get(word) ?? 0) + weight);
  };
  for (const { name } of await db.selectFrom('products').select('name').where('is_active', '=', 1).execute()) add(name, 1);
  for (const { name } of await db.selectFrom('brands').select('name').execute()) add(name, 5);
  for (const { name } of await db.selectFrom('categories').select('name').execute()) add(name, 5);
  const rows = [...weights].sort((a, b) => b[1] - a[1]).slice(0, 50_000).map(([word, weight]) => ({ word, weight }));
  for (let i = 0; i < rows.length; i += 500) await db.insertInto('search_words').values(rows.slice(i, i + 500)).execute();
  if (!isPg) await sql`insert into search_words_trgm(word) select word from search_words`.execute(db);
}

/**
 * The grocery vocabulary each existing website is given, as db/seed/synonyms-data.ts held it when the migrations
 * were made self-contained: groups of equivalent terms (English, Hindi in Devanagari, Hinglish spellings). Later edits there
 * reach new websites (the seed) only.
 */
const SYNONYMS: readonly (readonly string[])[] = [
  // Staples
  ['sugar', 'chini', 'cheeni', 'shakkar', 'शक्कर', 'चीनी'],
  ['salt', 'namak', 'नमक'],
  ['rock salt', 'sendha namak', 'सेंधा नमक'],
  ['jaggery', 'gur', 'gud', 'गुड़'],
  ['atta', 'aata', 'wheat flour', 'आटा'],
  ['maida', 'all purpose flour', 'refined flour', 'मैदा'],
  ['besan', 'gram flour', 'chickpea flour', 'बेसन'],
  ['rava', 'rawa', 'sooji', 'suji', 'semolina', 'सूजी', 'रवा'],
  ['ragi', 'nachni', 'finger millet', 'रागी'],
  ['bajra', 'pearl millet', 'बाजरा'],
  ['jowar', 'sorghum', 'ज्वार'],
  ['rice', 'chawal', 'chaval', 'चावल'],
  ['basmati', 'basmathi', 'बासमती'],
  ['poha', 'pohe', 'chivda', 'flattened rice', 'पोहा'],
  ['oil', 'tel', 'तेल'],
  ['ghee', 'ghi', 'घी'],
  ['mustard', 'sarson', 'sarso', 'सरसों'],
  ['groundnut', 'peanut', 'moongfali', 'mungfali', 'मूंगफली'],
  ['coconut', 'nariyal', 'naariyal', 'नारियल'],
  ['sunflower', 'surajmukhi', 'सूरजमुखी'],
  // Pulses
  ['dal', 'daal', 'dhal', 'lentil', 'lentils', 'pulses', 'दाल'],
  ['toor', 'tur', 'arhar', 'pigeon pea', 'तूर', 'अरहर'],
  ['moong', 'mung', 'green gram', 'मूंग'],
  ['masoor', 'masur', 'red lentil', 'मसूर'],
  ['urad', 'udad', 'black gram', 'उड़द'],
  ['chana', 'channa', 'chickpea', 'chickpeas', 'चना'],
  ['kabuli chana', 'chole', 'chhole', 'छोले'],
  ['rajma', 'kidney beans', 'राजमा'],
  // Spices
  ['haldi', 'turmeric', 'हल्दी'],
  ['jeera', 'zeera', 'cumin', 'जीरा'],
  ['dhania', 'dhaniya', 'coriander', 'धनिया'],
  ['mirch', 'mirchi', 'chilli', 'chili', 'मिर्च', 'मिर्ची'],
  ['kali mirch', 'black pepper', 'pepper', 'काली मिर्च'],
  ['garam masala', 'गरम मसाला'],
  // Not 'spice': a brand named "… Spice Co." would then outrank the masalas themselves.
  ['masala', 'masale', 'मसाला'],
  ['elaichi', 'ilaichi', 'cardamom', 'इलायची'],
  ['laung', 'clove', 'cloves', 'लौंग'],
  ['dalchini', 'cinnamon', 'दालचीनी'],
  ['rai', 'mustard seeds', 'राई'],
  ['methi', 'fenugreek', 'मेथी'],
  ['hing', 'heeng', 'asafoetida', 'हींग'],
  ['saunf', 'sonf', 'fennel', 'सौंफ'],
  ['ajwain', 'ajwine', 'carom', 'अजवाइन'],
  ['imli', 'tamarind', 'इमली'],
  ['kesar', 'saffron', 'केसर'],
  ['sambar', 'sambhar', 'सांभर'],
  // Dairy and bakery
  ['milk', 'doodh', 'dudh', 'दूध'],
  ['dahi', 'curd', 'yogurt', 'yoghurt', 'दही'],
  ['paneer', 'cottage cheese', 'पनीर'],
  ['makhan', 'makkhan', 'butter', 'मक्खन'],
  ['chaas', 'chhaas', 'buttermilk', 'mattha', 'छाछ'],
  ['malai', 'cream', 'मलाई'],
  ['cheese', 'चीज़'],
  ['bread', 'double roti', 'ब्रेड'],
  ['pav', 'pao', 'bun', 'buns', 'पाव'],
  ['anda', 'ande', 'egg', 'eggs', 'अंडा', 'अंडे'],
  ['biscuit', 'biscuits', 'cookie', 'cookies', 'बिस्कुट'],
  // Vegetables
  ['aloo', 'alu', 'potato', 'potatoes', 'आलू'],
  ['pyaz', 'pyaaz', 'pyaj', 'kanda', 'onion', 'onions', 'प्याज़', 'प्याज'],
  ['tamatar', 'tamater', 'tomato', 'tomatoes', 'टमाटर'],
  ['bhindi', 'okra', 'lady finger', 'ladyfinger', 'भिंडी'],
  ['gobi', 'gobhi', 'phool gobi', 'cauliflower', 'गोभी', 'फूलगोभी'],
  ['patta gobi', 'band gobi', 'cabbage', 'पत्तागोभी'],
  ['gajar', 'carrot', 'carrots', 'गाजर'],
  ['shimla mirch', 'capsicum', 'bell pepper', 'शिमला मिर्च'],
  ['hari mirch', 'green chilli', 'green chili', 'हरी मिर्च'],
  ['adrak', 'ginger', 'अदरक'],
  ['lehsun', 'lahsun', 'garlic', 'लहसुन'],
  ['pudina', 'mint', 'पुदीना'],
  ['kadi patta', 'curry leaves', 'kadipatta', 'करी पत्ता'],
  ['hara dhania', 'coriander leaves', 'cilantro', 'हरा धनिया'],
  ['palak', 'spinach', 'पालक'],
  ['baingan', 'brinjal', 'eggplant', 'बैंगन'],
  ['kheera', 'khira', 'cucumber', 'खीरा'],
  ['lauki', 'ghiya', 'bottle gourd', 'लौकी'],
  ['karela', 'bitter gourd', 'करेला'],
  ['matar', 'mutter', 'peas', 'green peas', 'मटर'],
  ['mooli', 'muli', 'radish', 'मूली'],
  ['shakarkandi', 'sweet potato', 'शकरकंदी'],
  ['nimbu', 'neembu', 'lemon', 'lime', 'नींबू'],
  ['sabzi', 'sabji', 'vegetable', 'vegetables', 'सब्ज़ी', 'सब्जी'],
  // Fruit
  ['kela', 'banana', 'bananas', 'केला'],
  ['seb', 'apple', 'apples', 'सेब'],
  ['aam', 'mango', 'mangoes', 'आम'],
  ['santra', 'santara', 'orange', 'oranges', 'संतरा'],
  ['anar', 'pomegranate', 'अनार'],
  ['papita', 'papaya', 'पपीता'],
  ['angoor', 'angur', 'grapes', 'अंगूर'],
  ['amrood', 'guava', 'अमरूद'],
  ['tarbooz', 'tarbuj', 'watermelon', 'तरबूज़', 'तरबूज'],
  ['anaras', 'ananas', 'pineapple', 'अनानास'],
  ['chikoo', 'chiku', 'sapota', 'चीकू'],
  ['amla', 'awla', 'indian gooseberry', 'आंवला'],
  ['phal', 'fruit', 'fruits', 'फल'],
  // Dry fruit, snacks, drinks
  ['kaju', 'cashew', 'cashews', 'काजू'],
  ['badam', 'almond', 'almonds', 'बादाम'],
  ['kishmish', 'raisin', 'raisins', 'किशमिश'],
  ['akhrot', 'walnut', 'walnuts', 'अखरोट'],
  ['chai', 'tea', 'चाय'],
  ['coffee', 'kaafi', 'कॉफ़ी', 'कॉफी'],
  ['pani', 'paani', 'water', 'पानी'],
  ['namkeen', 'snacks', 'नमकीन'],
  ['achar', 'achaar', 'pickle', 'pickles', 'अचार'],
  ['chutney', 'chatni', 'चटनी'],
  ['sevai', 'seviyan', 'vermicelli', 'सेवई'],
  ['mithai', 'sweets', 'मिठाई'],
  ['shahad', 'shehad', 'honey', 'शहद'],
  // Household
  ['sabun', 'soap', 'साबुन'],
];
