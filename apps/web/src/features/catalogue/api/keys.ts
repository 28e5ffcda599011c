// Every query key of the catalogue calls, so a call and whatever refreshes it name the same data.
export const catalogueKeys = {
  all: ['catalogue'] as const,
  carBrands: () => [...catalogueKeys.all, 'carBrands'] as const,
  carSeries: (brandNumber: string | null) => [...catalogueKeys.all, 'carSeries', brandNumber] as const,
  carModels: (seriesNumber: string | null, year?: number) =>
    [...catalogueKeys.all, 'carModels', seriesNumber, year] as const,
  carModel: (modelCode: string | null) => [...catalogueKeys.all, 'carModel', modelCode] as const,
  vinQuery: (vin: string) => [...catalogueKeys.all, 'vinQuery', vin] as const,
  vinHistory: () => [...catalogueKeys.all, 'vinHistory'] as const,
  groupTree: (modelCode: string | null) => [...catalogueKeys.all, 'groupTree', modelCode] as const,
  thumbnails: (modelCode: string | null, imageids: string[]) =>
    [...catalogueKeys.all, 'thumbnails', modelCode, imageids] as const,
  illustration: (modelCode: string | null, imageid: string | null) =>
    [...catalogueKeys.all, 'illustration', modelCode, imageid] as const,
  nameSearch: (modelCode: string | null, keyword: string) =>
    [...catalogueKeys.all, 'nameSearch', modelCode, keyword] as const,
  partDetail: (partNumber: string | null) => [...catalogueKeys.all, 'partDetail', partNumber] as const,
  partsQuery: (codes: string[]) => [...catalogueKeys.all, 'partsQuery', codes] as const,
  maintenance: (modelCode: string | null, mileage: number | null) =>
    [...catalogueKeys.all, 'maintenance', modelCode, mileage] as const,
  accidentZones: () => [...catalogueKeys.all, 'accidentZones'] as const,
  accident: (modelCode: string | null, zones: string[]) =>
    [...catalogueKeys.all, 'accident', modelCode, zones] as const,
  glossary: (keyword: string) => [...catalogueKeys.all, 'glossary', keyword] as const,
}
