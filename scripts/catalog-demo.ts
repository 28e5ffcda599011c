// `npm run catalog:demo -- <folder> [tiny|demo|bench]`: writes the generated demo catalogue as an import
// folder, the example of docs/catalogue-import.md.
import { type DemoSize, demoCatalogue } from '../apps/server/src/catalogue-data/demo/generate'
import { writeCsvFolder } from '../apps/server/src/catalogue-data/import/record-source'

const [folder, size = 'demo'] = process.argv.slice(2)
if (!folder || !['tiny', 'demo', 'bench'].includes(size)) {
  console.error('用法：npm run catalog:demo -- <目录> [tiny|demo|bench]')
  process.exit(2)
}
await writeCsvFolder(demoCatalogue(size as DemoSize).tables, folder)
console.log(`已写入 ${folder}`)
