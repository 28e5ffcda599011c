// What the rest of the app may use of the message centre: the unread count (the header's badge), and the
// keys to refresh after a change that posts a message.
export { useUnreadCount } from './api/get-unread-count'
export { messageKeys } from './api/keys'
