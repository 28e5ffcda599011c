// Vite builds the web app into dist/, which the server serves; in development it proxies /api to the server.
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { loginWeight } from './login-weight'

export default defineConfig({
  plugins: [react(), loginWeight()],
  server: { proxy: { '/api': 'http://localhost:8080' } },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
})
