/**
 * A simulated heterogeneous machine (nodes, processors, memories, channels) and a deterministic
 * discrete-event executor of Realm-like event graphs, with timeline exporters.
 *
 * <p>Depends on no other project module.
 */
package org.apophenia.sim;
