import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/trading/db/schema.ts',
  out: './server/trading/db/migrations',
});
