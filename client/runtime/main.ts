import { pageStateElementId } from '../../shared/islands';
import { pageStateSchema, type PageState } from '../../shared/page-state.schema';
import { seedFromPageState } from '../state/seed';
import { defineIslandElement, type IslandRegistry, type IslandLoader } from './island-element';

/** Every `client/islands/<name>.island.tsx`, each loaded on demand as its own chunk. */
const modules = import.meta.glob('../islands/*.island.tsx') as Record<string, IslandLoader>;
const registry: IslandRegistry = Object.fromEntries(Object.entries(modules).map(([path, load]) => [path.replace(/^.*\/([^/]+)\.island\.tsx$/, '$1'), load]));

function readPageState(): PageState | null {
  const text = document.getElementById(pageStateElementId)?.textContent;
  if (!text) return null;
  const parsed = pageStateSchema.safeParse(JSON.parse(text));
  if (!parsed.success) console.error('page-state does not match its schema', parsed.error);
  return parsed.success ? parsed.data : null;
}

const state = readPageState();
if (state) seedFromPageState(state);
defineIslandElement(registry);
