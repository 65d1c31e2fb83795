// The host's lower layers are part of what `import TrellisHost` gives.
@_exported import TrellisConfig
@_exported import TrellisIsolation
@_exported import TrellisLoader
@_exported import TrellisLoop
@_exported import TrellisPlatform
@_exported import TrellisPluginHost
@_exported import TrellisServe
@_exported import TrellisSession
@_exported import TrellisTerminal
@_exported import TrellisTree
