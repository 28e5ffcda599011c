// What the app may use of the embedded catalogue: the frame its layout puts around the catalogue screens.
export { EmbedFrame } from './components/EmbedFrame'
