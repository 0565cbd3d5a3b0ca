from ledger.cli.app import main

main()
