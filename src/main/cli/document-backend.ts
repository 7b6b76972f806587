/**
 * How this `onair` command keeps its documents, chosen before it runs: conf, the store's backend,
 * for any command that may write; a command that only reads (Command.readsOnly) reads the files
 * without loading conf. Both are imported here, when a command runs, so that `onair --help` loads
 * neither. What it gives back puts the backend before it back: runCli may run again in the same
 * process (the tests do), and stores opened later must not inherit a read-only choice.
 */
export async function chooseDocumentBackend(readsOnly: boolean): Promise<() => void> {
  const [{ useDocumentBackend }, backend] = await Promise.all([
    import('../core/store/document-backend'),
    readsOnly
      ? import('../core/store/read-only-backend').then((m) => m.readOnlyBackend())
      : import('../core/store/conf-backend').then((m) => m.confBackend())
  ])
  const before = useDocumentBackend(backend)
  return () => void useDocumentBackend(before)
}
