// `npm run dev` runs the server under tsx, which cannot load style sheets. Islands import theirs for Vite,
// which builds them (and serves them in development); on the server each is an empty module.
import { register } from 'node:module';

register('./dev-style-imports.hooks.mjs', import.meta.url);
