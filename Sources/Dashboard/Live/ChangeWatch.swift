import ServiceLifecycle

/// The server's one look at the log for the change feed, every `interval`: another process
/// (the CLI, an import) may append at any time. The look reads only the stored head in a
/// read transaction of its own and never waits for the vault's lock, so it runs here rather
/// than on the thread pool that page renders may fill. On shutdown it ends the feed's streams.
struct ChangeWatch: Service {
    let feed: ChangeFeed
    let vault: VaultSession
    let interval: Duration

    func run() async {
        defer { feed.stop() }
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                feed.check(vault.size)
                try? await Task.sleep(for: interval)
            }
        }
    }
}
