// No module of the console or the server may import itself back through others: a cycle hides an
// order of evaluation that breaks. Part of `npm run lint` (madge walks the TypeScript imports).
import madge from 'madge'

const result = await madge(['src', 'server'], {
  fileExtensions: ['ts', 'tsx'],
  tsConfig: 'tsconfig.json',
  detectiveOptions: { ts: { skipTypeImports: true }, tsx: { skipTypeImports: true } },
})
const cycles = result.circular()
if (cycles.length) {
  console.error(
    `Import cycles (${cycles.length}):\n${cycles.map((cycle) => `  ${cycle.join(' → ')}`).join('\n')}`,
  )
  process.exit(1)
}
console.log(`import cycles: none among ${Object.keys(result.obj()).length} modules`)
