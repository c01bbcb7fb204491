import { describe, expect, it } from 'vitest';
import { BLOCKS, pageErrors } from '../../../contract/blocks';
import { blockForm, errorsUnder, fieldModel, fieldValue, getAt, initialValue, moveItem, newBlockData, setAt, type FieldModel } from './form-model';

const field = (fields: FieldModel[], key: string) => fields.find((f) => f.key === key)!;

describe('a block\'s form, read from its schema', () => {
  it('reads a hero: a list of slides, each an object with a required image, optional phone image, link and alt with its rule', () => {
    const slides = field(blockForm('hero'), 'slides');
    expect(slides).toMatchObject({ kind: 'list', required: true, min: 1, max: 10 });
    const slide = (slides as Extract<FieldModel, { kind: 'list' }>).item as Extract<FieldModel, { kind: 'object' }>;
    expect(slide.kind).toBe('object');
    expect(field(slide.fields, 'image')).toMatchObject({ kind: 'string', widget: 'image', required: true, min: 1, max: 500 });
    expect(field(slide.fields, 'image_sm')).toMatchObject({ kind: 'string', widget: 'image', required: false });
    expect(field(slide.fields, 'link')).toMatchObject({ kind: 'string', widget: 'link', required: false, nullable: true, max: 500 });
    expect(field(slide.fields, 'alt').description).toMatch(/^Alt text: the words in the picture/);
  });

  it('reads a product source: pickers for products, category and brand; the sort as a list of choices; the limit with its range and default', () => {
    const fields = blockForm('product_carousel');
    expect(field(fields, 'products')).toMatchObject({ kind: 'list', required: false, max: 48, item: { kind: 'string', widget: 'product' } });
    expect(field(fields, 'category')).toMatchObject({ kind: 'string', widget: 'category' });
    expect(field(fields, 'brand')).toMatchObject({ kind: 'string', widget: 'brand' });
    expect(field(fields, 'sort')).toMatchObject({ kind: 'enum', required: false, options: ['popularity', 'price_asc', 'price_desc', 'newest', 'discount'] });
    expect(field(fields, 'limit')).toMatchObject({ kind: 'number', integer: true, min: 1, max: 48, defaultValue: 12, required: false });
    expect(field(blockForm('supplier_carousel'), 'border')).toMatchObject({ kind: 'boolean', defaultValue: false });
    expect(field(blockForm('rich_html'), 'html')).toMatchObject({ kind: 'string', widget: 'richtext', required: true, max: 50_000 });
    expect(field(blockForm('dynamic_form'), 'fields')).toMatchObject({ kind: 'list', min: 1, max: 20, item: { kind: 'object' } });
  });

  it('starts every block as its schema\'s smallest value: defaults filled, required fields empty, optional ones left out', () => {
    expect(newBlockData('hero')).toEqual({ slides: [{ image: '' }] });
    expect(newBlockData('product_carousel')).toEqual({ limit: 12 });
    expect(newBlockData('image_banner')).toEqual({ image: '', alt: '' });
    expect(newBlockData('dynamic_form')).toEqual({ formtype: '', fields: [{ name: '', label: '', type: 'text', required: false }], submit: 'Submit', thanks: 'Thank you! We will get back to you soon.' });
    // Each starts with only the problems a marketer has to fill in; a product carousel has none.
    const problems = Object.fromEntries(
      (Object.keys(BLOCKS) as (keyof typeof BLOCKS)[]).map((type) => [type, Object.keys(pageErrors({ url: '/x', title: 'X', components: [{ name: 'B', type, data: newBlockData(type) }] }))]),
    );
    expect(problems).toEqual({
      hero: ['components.0.data.slides.0.image'],
      image_banner: ['components.0.data.image'],
      product_carousel: [],
      product_grid: [],
      category_carousel: [],
      brand_carousel: [],
      supplier_carousel: [],
      rich_html: [],
      dynamic_form: ['components.0.data.formtype', 'components.0.data.fields.0.name', 'components.0.data.fields.0.label'],
    });
  });

  it('leaves an emptied optional text out (null where the schema takes null), so "" never fails an optional image', () => {
    const slide = ((field(blockForm('hero'), 'slides') as Extract<FieldModel, { kind: 'list' }>).item as Extract<FieldModel, { kind: 'object' }>).fields;
    expect(fieldValue(field(slide, 'image_sm'), '')).toBeUndefined();
    expect(fieldValue(field(slide, 'image'), '')).toBe('');
    expect(fieldValue(fieldModel('seo_title', BLOCKS.hero.shape.slides.element.shape.link), '')).toBeNull();
    expect(fieldValue(field(blockForm('product_grid'), 'limit'), '8')).toBe(8);
    expect(fieldValue(field(blockForm('product_grid'), 'limit'), '')).toBeUndefined();
    expect(initialValue(field(blockForm('product_grid'), 'sort'))).toBeUndefined();
  });
});

describe('paths in a block\'s data', () => {
  it('sets a value deep in a copy, copying only what it passes through, and leaves out undefined', () => {
    const data = { slides: [{ image: '/a.webp', alt: 'A' }, { image: '/b.webp' }], other: { x: 1 } };
    const next = setAt(data, ['slides', 0, 'alt'], 'Up to 30% off');
    expect(getAt(next, ['slides', 0, 'alt'])).toBe('Up to 30% off');
    expect(data.slides[0]!.alt).toBe('A');
    expect(next.other).toBe(data.other);
    expect(next.slides[1]).toBe(data.slides[1]);
    expect(setAt(data, ['slides', 0, 'alt'], undefined).slides[0]).toEqual({ image: '/a.webp' });
    expect(setAt({}, ['a', 0, 'b'], 1)).toEqual({ a: [{ b: 1 }] });
  });

  it('moves list items and counts the problems under a path', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b'], 1, 5)).toEqual(['a', 'b']);
    const errors = { 'components.1.data.slides.0.image': ['x'], 'components.1.data.slides.0.alt': ['y', 'z'], 'components.10.name': ['n'] };
    expect(errorsUnder(errors, ['components', 1])).toBe(3);
    expect(errorsUnder(errors, ['components', 1, 'data', 'slides', 1])).toBe(0);
  });
});
