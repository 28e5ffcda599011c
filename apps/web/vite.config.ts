// Vite builds the web app into dist/, which the server serves; in development it proxies /api (and /open, the
// open API and its documentation) to the server.
import react from '@vitejs/plugin-react'
import { defineConfig, loadEnv } from 'vite'
import { demoKeysGuard } from './demo-keys-guard'
import { loginWeight } from './login-weight'
import { precompress } from './precompress'

export default defineConfig(({ mode }) => {
  // The same VITE_SITES the app is built with (environment or .env files).
  const sites = loadEnv(mode, import.meta.dirname, 'VITE_').VITE_SITES
  return {
    plugins: [
      react(),
      loginWeight(),
      demoKeysGuard(sites, process.env.ALLOW_DEMO_KEYS === '1'),
      precompress(),
    ],
    server: { proxy: { '/api': 'http://localhost:8080', '/open': 'http://localhost:8080' } },
    build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  }
})
