/** `import path from 'x.wasm' with { type: 'file' }`: the file's path (embedded in the compiled binary). */
declare module '*.wasm' {
  const path: string
  export default path
}
