/**
 * The cost model: how much simulated time the runtime's own work costs on the UTILITY processors
 * (ARCHITECTURE.md, "Two kinds of time"; the CLI's {@code --cost-model}). The runtime's front door
 * charges it per operation.
 *
 * <h2>Public API</h2>
 * {@link org.apophenia.legion.cost.CostModel} ({@code none}, {@code fixed}, {@code measured}) and
 * {@link org.apophenia.legion.cost.LegionCosts}, the {@code legion} model's named parameters.
 *
 * <p>Depends on no other room.
 */
package org.apophenia.legion.cost;
