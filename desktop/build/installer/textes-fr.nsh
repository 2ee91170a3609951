; French texts of the Planify Desktop installer (included by electron-builder's NSIS script).
!macro customWelcomePage
  !define MUI_WELCOMEPAGE_TITLE "Installation de Planify Desktop"
  !define MUI_WELCOMEPAGE_TEXT "Cet assistant installe Planify Desktop, l'application du planificateur de vie scolaire de votre établissement.$\r$\n$\r$\nFermez Planify s'il est ouvert, puis cliquez sur Suivant."
  !insertmacro MUI_PAGE_WELCOME
!macroend

!macro customUnWelcomePage
  !define MUI_WELCOMEPAGE_TITLE "Désinstallation de Planify Desktop"
  !define MUI_WELCOMEPAGE_TEXT "Cet assistant retire Planify Desktop de cet ordinateur. Vos devoirs et vos fichiers restent sur le serveur de votre établissement."
  !insertmacro MUI_UNPAGE_WELCOME
!macroend
