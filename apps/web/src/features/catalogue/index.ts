// What other features may use of the catalogue: the embedded catalogue's first screen asks the VIN's models
// and shows them as the VIN search does, then goes on to the group tree; the sheet form offers the VINs a
// mistyped one may have been as the VIN search does.
export { vinQueryOptions } from './api/vin-query'
export { MeantVins } from './components/MeantVins'
export { VinAnswerCard } from './components/VinAnswerCard'
export { partsFilterUrl } from './links'
