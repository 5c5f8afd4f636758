/**
 * The command line's side of the real-time event recorder ({@code org.apophenia.recorder}): the
 * {@code --profile} flags ({@link org.apophenia.cli.profile.ProfileOptions}), one recording of a run
 * ({@link org.apophenia.cli.profile.ProfileSession}), the pairing of recorded events into slices
 * ({@code ProfileModel}, {@code Mark}) and its two writers, Chrome trace-event JSON
 * ({@code ChromeProfile}) and Paje ({@code PajeProfile}).
 */
package org.apophenia.cli.profile;
