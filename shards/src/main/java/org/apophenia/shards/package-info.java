/**
 * Control-replicated shards as separate processes (Yadav et al., ASPLOS 2025, Section 5.1): every
 * shard runs the whole program and its own Apophenia, and the shards agree on ingestion through
 * {@link org.apophenia.shards.JGroupsCollective}, apophenia's {@link org.apophenia.autotrace.Collective}
 * over a JGroups group (TCP on one machine or several hosts, or JGroups' in-process loopback in
 * tests). Each shard writes the decisions it made to a {@link org.apophenia.shards.DecisionLog}; the
 * shards compare the logs' digests at the end.
 *
 * <p><b>Public API.</b> {@link org.apophenia.shards.ShardGroup} (a shard's rank, the group's size,
 * name, timeout and {@link org.apophenia.shards.Discovery}), {@link org.apophenia.shards.JGroupsCollective},
 * {@link org.apophenia.shards.DecisionLog} and {@link org.apophenia.shards.ShardFailure}. The wire
 * format ({@code ShardMessage}), the membership by rank ({@code Membership}) and the JGroups protocol
 * stack ({@code Stacks}) are package-private.
 *
 * <p>Depends on {@code apophenia} and JGroups only: the apophenia module itself knows no
 * group-communication engine, and the command line ({@code cli}) launches the processes.
 */
package org.apophenia.shards;
