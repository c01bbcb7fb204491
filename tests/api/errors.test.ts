import { expect, it } from 'vitest';
import { describeApi } from './shop';

describeApi('errors and the OpenAPI document', (shop) => {
  it('answers unknown paths under /s/api with 404 JSON, never HTML', async () => {
    for (const path of ['/nope', '/products/a/b/c', '/cart/add/extra', '/../../etc/passwd', '/%2e%2e/init']) {
      const response = await shop().visitor().get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toMatch(/application\/json/);
      expect((await response.json()).message, path).toEqual(expect.any(String));
    }
  });

  it('answers a wrong method on a known path with JSON too', async () => {
    const visitor = await shop().visitor().start();
    const response = await visitor.request('/init', { method: 'DELETE' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: expect.any(String) });
  });

  it('publishes the OpenAPI document of every implemented call, from the contract schemas', async () => {
    const response = await shop().visitor().get('/openapi.json');
    expect(response.status).toBe(200);
    const doc = await response.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/s/api/cart', '/s/api/cart/add', '/s/api/cart/remove', '/s/api/cookie', '/s/api/init', '/s/api/products', '/s/api/products/{slug}', '/s/api/auth/login', '/s/api/auth/verify', '/s/api/auth/logout']),
    );
    expect(doc.paths['/s/api/cart/add'].post.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/CartAddBody' });
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['Init', 'Cart', 'Product', 'Pack', 'Error']));
    const productQuery = doc.paths['/s/api/products'].get.parameters.map((p: { name: string }) => p.name);
    expect(productQuery).toEqual(expect.arrayContaining(['page', 'perPage', 's', 'c', 'b', 'q']));
  });
});
