"""What a running bot process is made of: configuration, the worker pools, caches, leases on periodic work,
and the declared game packages."""
