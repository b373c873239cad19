import ForceCtlKit

ForceCtl.main()
