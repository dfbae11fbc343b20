// Node module hooks registered by dev-style-imports.mjs: a style sheet imported by server-side code is an empty module.
export async function load(url, context, nextLoad) {
  if (/\.s?css(\?.*)?$/.test(url)) return { format: 'module', source: '', shortCircuit: true };
  return nextLoad(url, context);
}
