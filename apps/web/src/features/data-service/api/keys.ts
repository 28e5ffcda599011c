// Every query key of the data-service calls.
export const dataServiceKeys = {
  all: ['data-service'] as const,
  keys: () => [...dataServiceKeys.all, 'keys'] as const,
  usage: (days: number) => [...dataServiceKeys.all, 'usage', days] as const,
}
