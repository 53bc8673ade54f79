"""From a commit to everyone who should hear of it: the one publish path, the outbox, the scheduler's timed
work, vacations, and the live boards' hub, bridge and links."""
