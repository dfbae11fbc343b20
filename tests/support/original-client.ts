import type { Express } from 'express';
import request from 'supertest';
import { expect } from 'vitest';
import type { TestPerson } from './factories';

/** The original client's axios instance (docs/compatibility.md): JSON, the Bearer header whenever it holds a token; `body` is its `response.data`. */
export const originalApi = (app: Express, token?: string) => {
  const auth = token ? { Authorization: `Bearer ${token}` } : {};
  return {
    get: (path: string) => request(app).get(`/api/v1${path}`).set(auth),
    post: (path: string, body?: object) =>
      request(app)
        .post(`/api/v1${path}`)
        .set(auth)
        .send(body ?? {}),
  };
};

/** Signs in as the original does and keeps the token. */
export async function originalSignIn(app: Express, person: Pick<TestPerson, 'email' | 'password'>): Promise<string> {
  const res = await originalApi(app).post('/auth/login', { email: person.email, password: person.password });
  expect(res.status).toBe(200);
  expect(typeof res.body.data.token).toBe('string');
  return res.body.data.token as string;
}

interface OriginalAsset {
  id: number;
  symbol: string;
  name: string;
  buy_price: number;
  contract_size: number;
}

/** A buy as its tickets build one: the asset's numeric id, volume in units, margin and amount worked out with floats, 0 for no TP/SL, the names it shows. */
export function originalBuy(asset: OriginalAsset, leverage: number, lots: number) {
  const volume = lots * asset.contract_size;
  const margin = (volume * asset.buy_price) / leverage;
  return {
    type: 'buy',
    leverage,
    amount: margin,
    qty: lots,
    volume,
    margin,
    opening_price: asset.buy_price,
    take_profit: 0,
    stop_loss: 0,
    id: asset.id,
    asset_symbol: asset.symbol,
    asset_name: asset.name,
  };
}
