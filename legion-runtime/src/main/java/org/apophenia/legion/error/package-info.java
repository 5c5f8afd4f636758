/**
 * The runtime's errors: every user mistake it detects is a {@link
 * org.apophenia.legion.error.LegionException}, thrown before any state changes so the runtime stays
 * usable, its message naming the operation, region, fields and privileges involved. The subtypes say
 * which rule was broken: a destroyed resource, a field not in the field space, interfering
 * requirements or index-launch points, a partition that does not fit its region, a privilege not
 * held, an unregistered reduction operator, unbalanced or nested trace markers.
 */
package org.apophenia.legion.error;
