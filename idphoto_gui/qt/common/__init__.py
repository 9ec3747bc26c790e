"""Qt parts the window, the kiosk and the widgets share: workers, translations, icons, settings, the finding's
words and names, image conversions, file dialogs, the camera, the hot folder and printing. Imports only core."""
