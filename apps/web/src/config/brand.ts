// The brand shown in titles and the header; another operator's build sets VITE_TITLE_PREFIX.
export const BRAND_NAME = '汽配EPC'
export const TITLE_PREFIX: string = import.meta.env.VITE_TITLE_PREFIX || `${BRAND_NAME} - `
/** What the header and the menus say before login. */
export const LOGIN_FIRST = '登陆后可以使用该功能'
