// Node globals that simple-peer and its stream dependencies expect in the browser.
import process from 'process/browser.js'
import { Buffer } from 'buffer'
export { process, Buffer }
