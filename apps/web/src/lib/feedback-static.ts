// antd's static message and notification, for feedback said where the app's hosts are not mounted (tests of
// a module alone); the app itself binds the themed hosts of app/feedback-host.tsx.
export { message, notification } from 'antd'
