// Every query key of the embedded catalogue's calls.
export const embedKeys = {
  all: ['embed'] as const,
  session: (link: string) => [...embedKeys.all, 'session', link] as const,
}
