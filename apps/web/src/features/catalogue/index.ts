// What other features may use of the catalogue: the embedded catalogue's first screen asks the VIN's models
// and shows them as the VIN search does, then goes on to the group tree.
export { vinQueryOptions } from './api/vin-query'
export { VinAnswerCard } from './components/VinAnswerCard'
export { partsFilterUrl } from './links'
