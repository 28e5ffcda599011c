// Every query key of the message centre.
export const messageKeys = {
  all: ['messages'] as const,
  pages: () => [...messageKeys.all, 'page'] as const,
  page: (page: number, size: number) => [...messageKeys.pages(), page, size] as const,
  unread: () => [...messageKeys.all, 'unread'] as const,
}
